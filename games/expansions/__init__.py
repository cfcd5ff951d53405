"""Each expansion's web side, one folder each: what it adds to the game page, its mails, the
one-click links in them and the fields its forms post. An expansion's `install()` registers
these with the layers below, once, when the app is ready (games.apps); nothing below imports
an expansion, and the rules stay the engine's (games/engine/<expansion>/)."""
