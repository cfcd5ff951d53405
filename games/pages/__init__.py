"""HTTP: the views of each page (thin: parse, call one service or selector, render), their
forms, and the kept boards of the game page. The reads a page shows are in `games.selectors`,
its template in `templates/`."""
