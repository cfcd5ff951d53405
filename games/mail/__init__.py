"""Mail: what a mail says (context), the messages built from a row when it is sent (compose),
invitations, the signed links in mails, the board as text (board_text) and the moves listed as
commands (commands), which a player's reply answers (read back by the mailplay app). The rows
a move writes and their sending are the calls' (`games.calls`)."""
