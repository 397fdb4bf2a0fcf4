"""The player's own balance page, reached only by their unguessable link (R11)."""

from django.http import Http404


def player_balance(request, token):
    """This night and THE BOOK for the player who holds `token`; anything else is a 404."""
    raise Http404("unknown link")
