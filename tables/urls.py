"""Report pages built on django-tables2: THE BOOK and the settle-up."""

from django.urls import path

from tables import views

urlpatterns = [
    path("book/", views.book, name="book"),
]
