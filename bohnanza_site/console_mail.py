"""Mail on the terminal, for the local site: headers and the plain text as written.

Django's console backend prints the whole MIME message, quoted-printable, which cuts the
signed links of our mails across lines; this prints the text part whole instead."""

from django.core.mail.backends.console import EmailBackend


class ReadableConsoleBackend(EmailBackend):
    def write_message(self, message):
        alternatives = getattr(message, "alternatives", [])
        lines = [
            f"From: {message.from_email}",
            f"To: {', '.join(message.to)}",
            f"Subject: {message.subject}",
            *(f"{name}: {value}" for name, value in message.extra_headers.items()),
            "",
            message.body,
        ]
        if alternatives:
            kinds = ", ".join(mimetype for _, mimetype in alternatives)
            lines.append(f"[also sent as {kinds}]")
        self.stream.write("\n".join(lines) + "\n")
        self.stream.write("-" * 79 + "\n")
