"""Logging in as the browser does: the credential RSA-OAEP-SHA256 encrypted with the server's key."""
import base64
import json
import time
import urllib.request

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding


def call(base, path, body, cookie=None):
    headers = {"Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest"}
    if cookie:
        headers["Cookie"] = cookie
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return json.load(res), res.headers
    except urllib.error.HTTPError as err:
        return json.load(err), err.headers


def login(base, uid, password):
    """Logs in and answers the session cookie (`name=value`)."""
    key, _ = call(base, "/api/jsonPublicKey.do", {})
    public = serialization.load_pem_public_key(key["data"]["publicKey"].encode())
    plain = json.dumps({"uId": uid, "uPw": password, "ts": int(time.time() * 1000)}).encode()
    oaep = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
    credential = base64.b64encode(public.encrypt(plain, oaep)).decode()
    answer, headers = call(base, "/api/jsonLoginPrc.do", {"keyId": key["data"]["keyId"], "credential": credential})
    if answer["code"] != 0:
        raise RuntimeError(f"login failed: {answer}")
    return headers["Set-Cookie"].split(";")[0]
