"""Schemathesis hooks: every generated request carries a live manager session and the CSRF header.

The session is renewed every few seconds, so an operation that ends sessions (a status change of the
manager's corp, say) costs at most a few cases, not the rest of the run.
"""
import os

import schemathesis

from townboard_session import login

BASE = os.environ["TOWNBOARD_FUZZ_URL"]
PASSWORD = os.environ["TOWNBOARD_FUZZ_PASSWORD"]


@schemathesis.auth(refresh_interval=5)
class ManagerSession:
    def get(self, case, ctx):
        return login(BASE, "admin", PASSWORD)

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Cookie"] = data
        case.headers["X-Requested-With"] = "XMLHttpRequest"
