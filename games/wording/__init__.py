"""Words for readers: the language and zone a page or a mail is worded and timed in, words
kept to be worded for each reader, and lengths of time in words."""
