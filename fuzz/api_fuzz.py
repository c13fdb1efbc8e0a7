#!/usr/bin/env python3
"""Fuzzes every operation of /api/openapi.json with Schemathesis against a fresh server and fails on
any 5xx answer. A fixed seed keeps runs comparable.

Usage: api_fuzz.py --bin path/to/townboard [--examples N]
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from townboard_session import call, login  # noqa: E402

INITIAL = "Fuzz-Initial-Pass1"
PASSWORD = "Fuzz-Changed-Pass2"
SEED = 20261123
# Calls that end the fuzzing session for good or take the manager's rights away; each is tested
# on its own by the server's tests.
EXCLUDED = r"(/api/logout\.do|/account/mypage/jsonChangePassword\.do|/system/authrole/jsonSave\.do|/api/player/)"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--examples", type=int, default=12)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="townboard-fuzz-")
    env = dict(os.environ, TOWNBOARD_BIND=f"127.0.0.1:{port}", TOWNBOARD_DATA_DIR=data, TOWNBOARD_ADMIN_PASSWORD=INITIAL,
               TOWNBOARD_LOGIN_LIMIT_PER_MINUTE="100000", TOWNBOARD_LOG="warn")
    log = open(os.path.join(data, "server.log"), "w")
    server = subprocess.Popen([args.bin, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        cookie = login(base, "admin", INITIAL)
        answer, _ = call(base, "/api/account/mypage/jsonChangePassword.do", {"currentPassword": INITIAL, "newPassword": PASSWORD}, cookie)
        assert answer["code"] == 0, answer
        st = os.path.join(os.path.dirname(sys.executable), "st")
        env = dict(os.environ, SCHEMATHESIS_HOOKS="townboard_hooks", PYTHONPATH=HERE, TOWNBOARD_FUZZ_URL=base, TOWNBOARD_FUZZ_PASSWORD=PASSWORD)
        result = subprocess.run([st, "run", f"{base}/api/openapi.json", "--checks", "not_a_server_error", "--seed", str(SEED),
                                 "--max-examples", str(args.examples), "--phases", "examples,coverage,fuzzing", "--workers", "2",
                                 "--exclude-path-regex", EXCLUDED, "--no-color", "--suppress-health-check", "all",
                                 "--generation-database", "none", "--request-timeout", "30"], env=env, cwd=data)
        if server.poll() is not None:
            print("the server died during the fuzz run; see", log.name)
            return 1
        return result.returncode
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
