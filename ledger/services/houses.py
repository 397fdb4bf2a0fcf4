"""Houses and their members: making a house, inviting, changing roles, removing a member.

A one-house site works as it did before houses: rows written with no house in scope go to the
site's only house, made as "Home game" when the site has none yet.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from ledger.house_settings import HouseSettings
from ledger.models import House, Invitation, Membership, Role
from ledger.scoping import in_house

from .errors import LedgerError
from .versions import bump_house

MAX_NAME = House._meta.get_field("name").max_length or 60


def read_house_name(name: object) -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise LedgerError('The house needs a name, such as "Home game".', field="name")
    if len(text) > MAX_NAME:
        raise LedgerError(f"The house's name is {len(text)} characters long; at most "
                          f"{MAX_NAME}.", field="name")
    return text


def _free_slug(name: str) -> str:
    base = slugify(name)[:50] or "house"
    slug, n = base, 1
    while House.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def house_create(*, name: str, owner: User | None = None,
                 settings: HouseSettings | None = None) -> House:
    """A new house named `name` (its slug made from the name), with `owner` as its owner and
    `settings` as its game (None: the seed house's)."""
    name = read_house_name(name)
    house = House.objects.create(name=name, slug=_free_slug(name),
                                 settings=settings.to_json() if settings is not None else {})
    if owner is not None:
        Membership.objects.create(house=house, user=owner, role=Role.OWNER)
    return house


@transaction.atomic
def house_settings_change(*, house: House, settings: HouseSettings) -> House:
    """The house plays by `settings` from its next night on: a night copied its house's
    settings when it opened and keeps them, so no open or closed night changes."""
    locked = House.objects.select_for_update(no_key=True).get(pk=house.pk)
    locked.settings = settings.to_json()
    locked.save(update_fields=["settings"])
    house.settings = locked.settings
    _moved(house)   # the house's pages show money in its currency: computed again
    return house


def house_rename(*, house: House, name: str) -> House:
    house.name = read_house_name(name)
    house.save(update_fields=["name"])
    return house


LAST_OWNER = "This is the house's last owner: make someone else owner first."


def _check_role(role: str) -> None:
    if role not in Role.values:
        raise LedgerError(f"{role!r} is not a role; choose owner, banker or viewer.",
                          field="role")


def _owners(house: House) -> int:
    return Membership.objects.filter(house=house, role=Role.OWNER).count()


@transaction.atomic
def member_role_set(*, house: House, user: User, role: str) -> Membership:
    """Give `user` the role `role` in `house` (never leaving the house without an owner)."""
    _check_role(role)
    House.objects.select_for_update(no_key=True).get(pk=house.pk)
    membership = Membership.objects.filter(house=house, user=user).first()
    if membership is None:
        _moved(house)
        return Membership.objects.create(house=house, user=user, role=role)
    if membership.role == Role.OWNER and role != Role.OWNER and _owners(house) == 1:
        raise LedgerError(LAST_OWNER,
                          field="role")
    membership.role = role
    membership.save(update_fields=["role"])
    _moved(house)
    return membership


@transaction.atomic
def member_remove(*, house: House, user: User) -> None:
    House.objects.select_for_update(no_key=True).get(pk=house.pk)
    membership = Membership.objects.filter(house=house, user=user).first()
    if membership is None:
        raise LedgerError("That login is not a member of this house.", field="user")
    if membership.role == Role.OWNER and _owners(house) == 1:
        raise LedgerError(LAST_OWNER,
                          field="user")
    membership.delete()
    _moved(house)


def _moved(house: House) -> None:
    """Who may hold the bank shows on the house's pages (a member removed frees it): every
    page kept for the house is computed again."""
    with in_house(house.pk):
        bump_house()


def invitation_create(*, house: House, role: str, made_by: User) -> Invitation:
    _check_role(role)
    return Invitation.objects.create(house=house, role=role, made_by=made_by)


def invitation_refusal(invitation: Invitation | None) -> str:
    """Why this invitation cannot be used ("" when it can)."""
    if invitation is None:
        return "This invitation link is not known; ask the house's owner for a new one."
    if invitation.used_at is not None:
        return "This invitation was already used; ask the house's owner for a new one."
    if invitation.expires_at <= timezone.now():
        return "This invitation has expired (they last 7 days); ask the owner for a new one."
    return ""


@transaction.atomic
def invitation_accept(*, token: str, user: User) -> Membership:
    """Join the invitation's house with its role, once (the row is locked: two taps, one use).
    A member already there keeps the higher of the two roles."""
    return _accept(_usable_invitation(token), user)


@transaction.atomic
def invitation_join(*, token: str, username: str, password: str) -> User:
    """A new login `username` joins the invitation's house: the login is made in the
    transaction that uses the invitation, after its row is locked, so ten taps on one link make
    one login and a refused invitation makes none."""
    invitation = _usable_invitation(token)
    user = _new_login(username, password)
    _accept(invitation, user)
    return user


@transaction.atomic
def house_sign_up(*, name: str, username: str, password: str) -> tuple[House, User]:
    """A new login `username` starts a house named `name` of which it is the owner; both or
    neither are written."""
    name = read_house_name(name)
    user = _new_login(username, password)
    return house_create(name=name, owner=user), user


USERNAME_TAKEN = "That username is taken; choose another, or log in."


def _new_login(username: str, password: str) -> User:
    if User.objects.filter(username__iexact=username).exists():
        raise LedgerError(USERNAME_TAKEN, field="username")
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError:      # the same name made at the same moment by another tap
        raise LedgerError(USERNAME_TAKEN, field="username") from None


def _usable_invitation(token: str) -> Invitation:
    """The invitation `token`, its row locked for this transaction; refused in words when it
    cannot be used (unknown, used or expired)."""
    invitation = Invitation.objects.select_for_update(no_key=True).filter(token=token).first()
    refusal = invitation_refusal(invitation)
    if refusal or invitation is None:
        raise LedgerError(refusal, code="invitation")
    return invitation


def _accept(invitation: Invitation, user: User) -> Membership:
    invitation.used_at = timezone.now()
    invitation.used_by = user
    invitation.save(update_fields=["used_at", "used_by"])
    membership = Membership.objects.filter(house=invitation.house, user=user).first()
    order = [Role.VIEWER, Role.BANKER, Role.OWNER]
    if membership is not None and order.index(Role(membership.role)) >= order.index(
            Role(invitation.role)):
        return membership
    return member_role_set(house=invitation.house, user=user, role=invitation.role)
