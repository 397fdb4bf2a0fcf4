"""Site URLs: banker pages (login required), the player's token page, reports, admin."""

from django.contrib import admin
from django.urls import include, path

from ledger import views
from ledger.views import auth

urlpatterns = [
    path("login/", auth.BankerLoginView.as_view(), name="login"),
    path("logout/", auth.BankerLogoutView.as_view(), name="logout"),
    path("", views.session_list, name="session_list"),
    path("p/<str:token>/", views.player_balance, name="player_balance"),
    path("", include("tables.urls")),
    path("admin/", admin.site.urls),
]
