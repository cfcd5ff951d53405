"""Accounts: how sign-up and allauth's own mails fit the site."""

from types import SimpleNamespace
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_noop

from games.selectors.profiles import locale_of, name_of, user_id_of
from games.services.profiles import profile_get_or_create
from games.wording import locales

# allauth's words for logging in and out, on its pages, in its messages and its mails ("Sign
# In", "Sign Out"): the site's catalogues word them as the rest of the site does ("Log in", "Log
# out", in every language; English in locale/en, which holds these alone). Marked here, so that
# makemessages keeps them in the catalogues.
ACCOUNT_WORDS = (
    gettext_noop("Sign In"),
    gettext_noop("Sign Out"),
    gettext_noop("Sign Up"),
    gettext_noop("Signup"),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("You have signed out."),
    gettext_noop("Successfully signed in as %(name)s."),
    gettext_noop("Send me a sign-in code"),
    gettext_noop("Enter Sign-In Code"),
    gettext_noop("Sign-In Code"),
    gettext_noop("Your sign-in code is listed below. Please enter it in your open browser window."),
    gettext_noop("A sign-in code has been sent to %(recipient)s."),
    gettext_noop("You will receive a special code for a password-free sign-in."),
    gettext_noop("Other sign-in options"),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
)


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        """The profile is made with the account, named as the player chose at sign-up."""
        user = super().save_user(request, user, form, commit)
        if commit:
            data = form.cleaned_data
            profile_get_or_create(
                user=user,
                display_name=data.get("display_name", ""),
                language=data.get("language", ""),
                time_zone=data.get("time_zone", ""),
            )
        return user

    def send_mail(self, template_prefix, email, context):
        """allauth's mails greet "from" the site: ours by its name and address, not by the host
        the request came to (127.0.0.1:8000 on a local site); and they speak the language the
        player chose (at sign-up, on the form), not the browser's. A mail to an address no
        player has keeps the language of the page that asked for it."""
        site = SimpleNamespace(name=settings.SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)
        user = context.get("user")
        user_id = user.pk if user is not None else user_id_of(email=email)
        language = translation.get_language() if user_id is None else locale_of(user_id=user_id)[0]
        with translation.override(language):
            super().send_mail(template_prefix, email, {**context, "current_site": site})


def remember_locale(sender, request, user, **kwargs):
    """At log-in, the player's language and zone go into their session, where every request
    finds them (games.middleware.PlayerLocale) without a query; so does their name, for the
    header."""
    if request is not None and hasattr(request, "session"):
        request.session[locales.SESSION_KEY] = list(locale_of(user_id=user.pk))
        request.session[locales.NAME_KEY] = name_of(user_id=user.pk)


def user_display(user) -> str:
    """How allauth's messages and mails name a player ("Successfully signed in as ..."): by
    the name they chose at sign-up, not by the account's internal user name."""
    return name_of(user_id=user.pk) or user.email
