"""Mail: the rows a move writes (outbox), what they say (context), the messages built from them
when they are sent (compose), invitations, the signed links in mails, and the commands a
player answers a mail with (read back by the mailplay app)."""
