"""Banker login and logout: Django's auth views, with django-axes counting failures (R13)."""

from django.contrib.auth import views as auth_views


class BankerLoginView(auth_views.LoginView):
    """The login form; axes locks a username from one address after repeated failures."""

    template_name = "registration/login.html"
    redirect_authenticated_user = True


class BankerLogoutView(auth_views.LogoutView):
    """Log out by POST only (Django 5), so a stray link cannot log the banker out."""
