"""Independent check of the RxHCC V08 (X) and ESRD V24 PY2026 scores: scores the CLI's JSON lines with
pfehlinger/risk_adjustment_model 0.7.0 (pure Python, the research folder's source of expected values)
and writes the same CSV as `npm run hcc`, so the two outputs can be compared byte for byte.

The segment is derived from the row exactly as the CLI documents it (risk_adjustment_model takes
the population from its caller):
  RxHCC: lti -> CE_LTI / NE_LTI (by ne); ne -> NE_LOW_COMMUNITY / NE_NONLOW_COMMUNITY (by lis);
         else CE_{LOW|NONLOW}_{AGED|NONAGED} by lis and age >= 65. lis missing: any Medicaid dual.
  ESRD:  graft_months null -> DIAL / NE_DIAL (by ne); 0-3 -> TRANSPLANT_<n>M; else NE_GRAFT (ne),
         GRAFT_INST (lti) or GRAFT_COMM, with graft_duration_months = graft_months.

Usage: python3 bench/hcc/reference_check.py <risk_adjustment_model checkout>/src RxHCC|ESRD-V24 < in.jsonl > out.csv
"""
import json
import re
import sys

sys.path.insert(0, sys.argv[1])
from risk_adjustment_model import MedicareModelESRDv24, MedicareModelRxHCCv08X  # noqa: E402

MODEL = sys.argv[2]
FULL = {"02", "04", "08"}
PARTIAL = {"01", "03", "05", "06"}
rx = MedicareModelRxHCCv08X(year=2026)
esrd = MedicareModelESRDv24(year=2026)


def rx_population(row, lis):
    if row.get("lti"):
        return "NE_LTI" if row.get("ne") else "CE_LTI"
    if row.get("ne"):
        return "NE_LOW_COMMUNITY" if lis else "NE_NONLOW_COMMUNITY"
    low = "LOW" if lis else "NONLOW"
    return f"CE_{low}_{'AGED' if row['age'] >= 65 else 'NONAGED'}"


def esrd_population(row):
    months = row.get("graft_months")
    if months is None:
        return "NE_DIAL" if row.get("ne") else "DIAL"
    if months <= 3:
        return f"TRANSPLANT_{max(1, months)}M"
    if row.get("ne"):
        return "NE_GRAFT"
    return "GRAFT_INST" if row.get("lti") else "GRAFT_COMM"


def categories(result, prefix):
    pattern = re.compile(rf"^{prefix}(\d+)$")
    numbers = sorted(int(m.group(1)) for c in result.category_list if (m := pattern.match(c)))
    return " ".join(f"{prefix}{n}" for n in numbers)


out = ["id,segment,raw_score,payment_hccs"]
for line in sys.stdin:
    if not line.strip():
        continue
    row = json.loads(line)
    dual = str(row.get("dual") or "NA")
    if MODEL == "RxHCC":
        lis = row.get("lis")
        if lis is None:
            lis = dual in FULL or dual in PARTIAL
        crec = str(row.get("crec") or "")
        is_esrd = row.get("esrd")
        if is_esrd is None:
            is_esrd = crec in ("2", "3")
        population = rx_population(row, lis)
        r = rx.score(
            gender=row["sex"], orec=str(row["orec"]), esrd=bool(is_esrd), diagnosis_codes=row["dx"],
            age=row["age"], population=population,
        )
        out.append(f"{row['id']},{population},{round(r.score_raw, 3):.3f},{categories(r, 'RXHCC')}")
    else:
        population = esrd_population(row)
        r = esrd.score(
            gender=row["sex"], orec=str(row["orec"]), fbdual=dual in FULL, pbdual=dual in PARTIAL,
            lti=bool(row.get("lti")), diagnosis_codes=row["dx"], age=row["age"], population=population,
            graft_duration_months=row.get("graft_months"),
        )
        hccs = "" if population.startswith(("NE_", "TRANSPLANT_")) else categories(r, "HCC")
        out.append(f"{row['id']},{r.risk_model_population},{round(r.score_raw, 3):.3f},{hccs}")
sys.stdout.write("\n".join(out) + "\n")
