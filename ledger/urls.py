"""Site URLs: banker pages (login required), the player's token page, reports, admin."""

from django.contrib import admin
from django.urls import include, path

from ledger import views
from ledger.views import (
    auth,
    bank,
    house_settings,
    houses,
    mail,
    odds,
    offline,
    online,
    payments,
    phone_page,
    phone_requests,
    requests,
    rule_book,
)

# A house's own pages (HouseMiddleware takes the slug and runs them in the house's scope); the
# same pages answer on the short paths for a login's house.
house_pages = [
    path("", views.night_list, name="house_home"),
    path("s/new/", views.night_open, name="house_night_open"),
    path("import/pokernow/", online.pokernow_import, name="house_pokernow_import"),
    path("players/", views.player_list, name="house_players"),
    path("members/", houses.members, name="house_members"),
    path("settings/", house_settings.house_settings, name="house_settings"),
]

urlpatterns = [
    path("login/", auth.BankerLoginView.as_view(), name="login"),
    path("join/<str:invitation>/", houses.join, name="join"),
    path("signup/", houses.signup, name="signup"),
    path("h/<slug:house>/", include(house_pages)),
    path("logout/", auth.BankerLogoutView.as_view(), name="logout"),
    path("", views.night_list, name="night_list"),
    # The tablet installs to the home screen and rides out the Wi-Fi (views/offline.py).
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline_page"),
    path("rules/", rule_book.rule_book_page, name="rule_book"),
    path("s/new/", views.night_open, name="night_open"),
    path("import/pokernow/", online.pokernow_import, name="pokernow_import"),
    path("players/", views.player_list, name="player_list"),
    path("players/new/", views.player_new, name="player_new"),
    path("players/<int:pk>/", views.player_edit, name="player_edit"),
    path("players/<int:pk>/retire/", views.player_retire, name="player_retire"),
    path("players/<int:pk>/link/", views.player_link, name="player_link"),
    path("players/<int:pk>/handles/", payments.player_handles, name="player_handles"),
    path("players/<int:pk>/email/", payments.player_email, name="player_email"),
    path("s/<int:pk>/", views.night_dashboard_view, name="night_dashboard"),
    path("s/<int:pk>/seats/", views.seating, name="seating"),
    path("s/<int:pk>/bank/", bank.bank_hand_over, name="bank_hand_over"),
    path("s/<int:pk>/buy/", views.buyin, name="buyin"),
    path("s/<int:pk>/sale/", views.chip_sale, name="chip_sale"),
    path("s/<int:pk>/penalty/", views.penalty, name="penalty"),
    path("s/<int:pk>/game/", views.game_call, name="game_call"),
    path("s/<int:pk>/game/end/", views.game_end, name="game_end"),
    path("s/<int:pk>/game/odds/", odds.game_odds, name="game_odds"),
    path("s/<int:pk>/hand/", views.hand, name="hand"),
    path("s/<int:pk>/cashout/", views.cashout, name="cashout"),
    path("s/<int:pk>/pot/", views.pot_award, name="pot_award"),
    path("s/<int:pk>/pay/", views.payment, name="payment"),
    path("s/<int:pk>/final-pot/", views.final_pot, name="final_pot"),
    path("s/<int:pk>/correct/<int:entry_pk>/", views.correction, name="correction"),
    path("s/<int:pk>/close/", views.night_close_view, name="night_close"),
    path("s/<int:pk>/close/note/", views.note_action, name="note_action"),
    path("s/<int:pk>/close/difference/", views.count_difference, name="count_difference"),
    path("s/<int:pk>/merge/", views.surrogate_merge, name="surrogate_merge"),
    # The phones' requests, answered by the holder of the bank (views/requests.py).
    path("s/<int:pk>/asks/", requests.requests_live, name="requests_live"),
    path("s/<int:pk>/asks/<int:request_pk>/approve/", requests.request_approve,
         name="request_approve"),
    path("s/<int:pk>/asks/<int:request_pk>/decline/", requests.request_decline,
         name="request_decline"),
    # A player's own page: no login, only their unguessable link (R11).
    path("p/<str:token>/", views.player_balance, name="player_balance"),
    path("p/<str:token>/language/", phone_page.phone_language, name="phone_language"),
    path("p/<str:token>/nights/", phone_page.player_nights, name="phone_nights"),
    path("p/<str:token>/odds/", odds.phone_odds, name="phone_odds"),
    path("p/<str:token>/ask/", phone_requests.phone_ask, name="phone_ask"),
    path("p/<str:token>/count/", phone_requests.phone_count, name="phone_count"),
    path("p/<str:token>/asks/", phone_requests.phone_requests_live, name="phone_requests_live"),
    # Paying what THE BOOK says: "I paid" and the receiver's yes or no (views/payments.py).
    path("p/<str:token>/paid/", payments.phone_paid, name="phone_paid"),
    path("p/<str:token>/payments/<int:pk>/confirm/", payments.phone_claim_confirm,
         name="phone_claim_confirm"),
    path("p/<str:token>/payments/<int:pk>/reject/", payments.phone_claim_reject,
         name="phone_claim_reject"),
    path("p/<str:token>/handles/", payments.phone_handles, name="phone_handles"),
    path("p/<str:token>/email/", payments.phone_email, name="phone_email"),
    # The e-mails' one-click unsubscribe (RFC 8058): GET asks, POST unsubscribes.
    path("mail/unsubscribe/<str:mail_token>/", mail.unsubscribe, name="mail_unsubscribe"),
    path("", include("tables.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "ledger.views.errors.bad_request"
