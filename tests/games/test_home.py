import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_home_page_invites_an_anonymous_visitor_to_sign_up(anonymous_client):
    response = anonymous_client.get(reverse("games:home"))

    assert response.status_code == 200
    assert f'href="{reverse("account_signup")}"' in response.content.decode()
