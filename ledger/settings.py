"""Settings for the banker site, read from the environment (one `env` object).

Defaults are for development: SQLite in the project folder, DEBUG on. Production sets
DJANGO_DEBUG=false, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and usually DATABASE_URL.
"""

import hashlib
import os
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from ledger.integrity.key import create_key_file
from ledger.mail_url import parse_email_url
from ledger.public_url import house_address, parse_public_url, public_host

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DJANGO_DEBUG", default=True)
# Without DJANGO_SECRET_KEY, production keeps its key in a file outside git, made on first use
# with mode 0600 like the journal's key (`make serve` needs nothing set).
SECRET_KEY_FILE = Path(env.str("DJANGO_SECRET_KEY_FILE", default=str(BASE_DIR / "secret.key")))


def _secret_key_from_file() -> str:
    if not SECRET_KEY_FILE.exists():
        create_key_file(SECRET_KEY_FILE)
    return SECRET_KEY_FILE.read_text(encoding="utf-8").strip()


SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="") or (
    "dev-only-insecure-key-change-me-dev-only-insecure-key-change-me" if DEBUG
    else _secret_key_from_file())
# The journal's key (ledger/integrity/key.py): the hash chain is an HMAC under it. From the
# environment when set, else from a file outside git, made with mode 0600 on first use.
LEDGER_KEY = env.str("DJANGO_LEDGER_KEY", default="")
LEDGER_KEY_FILE = env.str("DJANGO_LEDGER_KEY_FILE", default=str(BASE_DIR / "ledger.key"))
# The witness of the journal's newest entry, outside the database (integrity/witness.py); unset:
# beside an SQLite database, in the key file's folder for PostgreSQL.
LEDGER_WITNESS = env.str("DJANGO_LEDGER_WITNESS", default="")

ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
# The site's public address (README "Phones on the house network"): the players' links and QR
# codes point there; unset, at the address the request came in on. Its host is let in.
try:
    PUBLIC_URL = parse_public_url(env.str("DJANGO_PUBLIC_URL", default=""))
except ValueError as error:
    raise ImproperlyConfigured(str(error)) from None
if PUBLIC_URL and public_host(PUBLIC_URL) not in ALLOWED_HOSTS and "*" not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(public_host(PUBLIC_URL))
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
# The mail server (README "E-mail"): with DJANGO_EMAIL_URL set, every close mails each player
# with an address their line of the settle-up, and `manage.py remind` mails the debts; unset,
# nothing is mailed. Mails go after the commit, from an outbox (services/mail.py).
try:
    _EMAIL = parse_email_url(env.str("DJANGO_EMAIL_URL", default=""))
except ValueError as error:
    raise ImproperlyConfigured(str(error)) from None
MAIL_ON = bool(_EMAIL)
EMAIL_BACKEND = _EMAIL.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = _EMAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _EMAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _EMAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _EMAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _EMAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _EMAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env.int("DJANGO_EMAIL_TIMEOUT", default=10)   # a server that hangs: not forever
# The sender: DJANGO_EMAIL_FROM, else the mail server's login when it is an address (a relay
# usually sends only as its login), else banker@ the public host's name.
_MAIL_HOST = public_host(PUBLIC_URL)
if not (any(c.isalpha() for c in _MAIL_HOST) and "." in _MAIL_HOST):
    _MAIL_HOST = "localhost"   # an address such as 192.168.1.20 names no mail domain
DEFAULT_FROM_EMAIL = env.str("DJANGO_EMAIL_FROM", default="") or (
    EMAIL_HOST_USER if "@" in EMAIL_HOST_USER else f"banker@{_MAIL_HOST}")
# `make serve` (manage.py serve_house): plain HTTP on the house network, and only there - on a
# loopback or private address; anywhere else the HTTPS-only settings below stay as they are.
HOUSE_NETWORK = (env.bool("BANKER_HOUSE_NETWORK", default=False) and not DEBUG
                 and (not PUBLIC_URL or house_address(public_host(PUBLIC_URL))))
# Anyone may sign up and start a house of their own (off: owners invite, `createhouse` makes).
OPEN_SIGNUP = env.bool("DJANGO_OPEN_SIGNUP", default=False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "axes",
    "ledger",
    "tables",
]

MIDDLEWARE = [
    # /healthz and /readyz, before all the others: no login, any Host, no https redirect
    "ledger.health.HealthMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "ledger.middleware.SlidingSessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "ledger.middleware.HouseMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "ledger.middleware.SecurityHeadersMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "ledger.middleware.ClosedNightMiddleware",
    "axes.middleware.AxesMiddleware",
]

# Django's form renderer, the plain <input> widgets written in Python (ledger/form_renderer.py).
FORM_RENDERER = "ledger.form_renderer.FastInputs"

ROOT_URLCONF = "ledger.urls"
WSGI_APPLICATION = "ledger.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ledger.house.house_name",
                "ledger.kept.csrf_mark",   # (after Django's own: kept pages hold a mark)
            ],
            "builtins": ["ledger.templatetags.money"],
        },
    },
]

# SQLite by default. IMMEDIATE transactions take the write lock up front, so two taps on
# "save" queue instead of failing with "database is locked"; WAL lets readers run alongside.
DATABASES = {
    "default": env.db_url(
        "DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        # FULL: a write confirmed to the tablet is on the disk before the answer, power cut
        # or not (NORMAL in WAL mode may lose the last ones); its cost is in the README.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
    }
    # Threaded tests need a file database: the in-memory one locks whole tables. One file per
    # test process, so two test runs in the same checkout never delete each other's database.
    DATABASES["default"]["TEST"] = {
        "NAME": env.str(
            "DJANGO_TEST_DB_NAME", default=str(BASE_DIR / f".test-db.sqlite3-{os.getpid()}")
        )
    }
    # The same backend, but a new database file is made readable by its owner only (0600).
    DATABASES["default"]["ENGINE"] = "ledger.sqlite_backend"
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" \
        and env.bool("DJANGO_DB_PREPARED", default=True):
    # Statements prepared once per connection (ledger/postgresql_backend): PostgreSQL plans
    # each of them once, not on every request. Off for a pooler in transaction mode.
    DATABASES["default"]["ENGINE"] = "ledger.postgresql_backend"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 0})
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Every close writes a copy of the database here (ledger/backups.py); "" is `backups/` beside
# the SQLite database. Only the newest BANKER_BACKUP_KEEP copies are kept.
BACKUP_DIR = env.str("BANKER_BACKUP_DIR", default="")
BACKUP_KEEP = env.int("BANKER_BACKUP_KEEP", default=30)
# A second copy of each of those, off the machine's own disk (a USB disk, a NAS mount), checked
# after writing; a folder that is missing then is a sentence on the close page, not a failure.
BACKUP_COPY_DIR = env.str("BANKER_BACKUP_COPY_DIR", default="")
# Each gunicorn worker keeps its connection between requests instead of opening one per
# request (PostgreSQL: a new connection costs more than most pages; SQLite: the PRAGMAs above
# run once per connection). Checked before reuse, so a restarted server costs one error-free
# reconnect. DJANGO_CONN_MAX_AGE=0 goes back to a connection per request.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DJANGO_CONN_MAX_AGE", default=600))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# Pages kept under the house's version (ledger/kept.py): each process's own memory by default;
# DJANGO_CACHE_URL=redis://host:6379/0 shares them between processes and machines (the version
# is in the database, so they agree on it). The prefix names the database, so two sites sharing
# one Redis never serve each other's pages.
CACHES = {"default": env.cache_url("DJANGO_CACHE_URL", default="locmemcache://")}
CACHES["default"].setdefault("KEY_PREFIX", hashlib.sha256("{}@{}:{}".format(
    DATABASES["default"].get("NAME"), DATABASES["default"].get("HOST"),
    DATABASES["default"].get("PORT")).encode()).hexdigest()[:16])
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Lock a username from one address, never a whole home network (RELIABILITY.md).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind the HTTPS proxy every client shares the proxy's address: read the client's from
# X-Forwarded-For, but only when a trusted proxy is declared (ledger/client_address.py, README).
TRUSTED_PROXY_COUNT = env.int(
    "DJANGO_TRUSTED_PROXY_COUNT",
    default=1 if env.bool("DJANGO_TRUSTED_PROXY", default=False) else 0,
)
AXES_CLIENT_IP_CALLABLE = "ledger.client_address.client_ip"

# A session lasts a poker night: 12 hours from the last request (sliding), its expiry written
# again at most once a minute (ledger.middleware.SlidingSessionMiddleware), not on every page.
SESSION_COOKIE_AGE = 12 * 60 * 60
SESSION_SAVE_EVERY_REQUEST = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# The pages speak the house's language (its `language` setting; ledger/languages.py): the
# catalogs in locale/, compiled by `make install` (Babel, no system gettext).
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("es", "Español"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="America/New_York")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("DJANGO_STATIC_ROOT", default=BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Our own small stylesheet styles the plain django-tables2 markup (no CSS framework download).
# Decided once from the environment (pytest-django later turns DEBUG off for the test run, and
# WhiteNoise would then warn about a STATIC_ROOT that only exists after collectstatic).
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

DJANGO_TABLES2_TEMPLATE = "tables/table.html"

# Security headers everywhere; the HTTPS-only ones when not in DEBUG (R10, R14).
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
CSRF_FAILURE_VIEW = "ledger.views.errors.csrf_failure"
# Scripts and styles come only from our static files; no page may be framed (ledger.middleware).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'; object-src 'none'"
)
if not DEBUG and not HOUSE_NETWORK:   # the house network has no proxy: nobody claims https
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# A monitor on the machine itself asks over plain HTTP (HealthMiddleware answers first anyway).
SECURE_REDIRECT_EXEMPT = [r"^healthz/?$", r"^readyz/?$"]
if not DEBUG:
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
if not DEBUG and HOUSE_NETWORK:
    # The house network has no certificate: the login and CSRF cookies must travel over plain
    # HTTP and nothing may redirect to https. The deploy check's warnings about exactly these
    # three are silenced here, and listed in the README. No HSTS either: nothing here is served
    # over HTTPS, and a local request that claims it (X-Forwarded-Proto) must not make a
    # browser refuse the house's plain address for a year (serve_house trusts no such header).
    SECURE_SSL_REDIRECT = False
    SESSION_COOKIE_SECURE = False
    CSRF_COOKIE_SECURE = False
    SECURE_HSTS_SECONDS = 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = False
    SECURE_HSTS_PRELOAD = False
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012",
                              "security.W016"]
    if PUBLIC_URL:
        CSRF_TRUSTED_ORIGINS.append(PUBLIC_URL)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
}
