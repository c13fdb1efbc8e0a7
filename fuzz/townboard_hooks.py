"""Schemathesis hooks: every generated request carries a live session of the fuzzed user and the
CSRF header, and every answer is checked to be the API's envelope.

The session is renewed every few seconds, so an operation that ends sessions (a status change of the
user's corp, say) costs at most a few cases, not the rest of the run.
"""
import json
import os

import schemathesis

from townboard_session import login

BASE = os.environ["TOWNBOARD_FUZZ_URL"]
USER = os.environ.get("TOWNBOARD_FUZZ_USER", "admin")
PASSWORD = os.environ["TOWNBOARD_FUZZ_PASSWORD"]


@schemathesis.auth(refresh_interval=5)
class UserSession:
    def get(self, case, ctx):
        return login(BASE, USER, PASSWORD)

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Cookie"] = data
        case.headers["X-Requested-With"] = "XMLHttpRequest"


@schemathesis.check
def envelope(ctx, response, case):
    """An error is always the JSON envelope; a JSON answer is always the envelope. Downloads (files,
    Excel, images) answer their own types on success."""
    content_type = (response.headers.get("content-type") or [""])[0]
    is_json = content_type.startswith("application/json")
    if response.status_code < 400 and not is_json:
        return
    if not is_json:
        raise AssertionError(f"{response.status_code} answered {content_type!r}, not the JSON envelope")
    try:
        body = json.loads(response.content)
    except ValueError as err:
        raise AssertionError(f"an answer that is not JSON: {err}") from err
    if not isinstance(body, dict) or not isinstance(body.get("code"), int) or not isinstance(body.get("message"), str) or "data" not in body:
        raise AssertionError(f"an answer outside the envelope: {str(body)[:200]}")
