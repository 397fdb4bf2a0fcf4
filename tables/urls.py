"""Report pages built on django-tables2: THE BOOK, a night's settle-up and its journal."""

from django.urls import path

from tables import views

urlpatterns = [
    path("book/", views.book, name="book"),
    path("book/payments/<int:pk>/confirm/", views.book_claim_confirm,
         name="book_claim_confirm"),
    path("book/payments/<int:pk>/reject/", views.book_claim_reject, name="book_claim_reject"),
    path("season/", views.season_view, name="season"),
    # A house's own (HouseMiddleware takes the slug: ledger/urls.py has its other pages).
    path("h/<slug:house>/book/", views.book, name="house_book"),
    path("h/<slug:house>/season/", views.season_view, name="house_season"),
    path("s/<int:pk>/settle/", views.settle_up, name="settle_up"),
    path("s/<int:pk>/journal/", views.night_entries, name="night_entries"),
]
