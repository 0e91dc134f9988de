"""10 organisations x 2,000 requests (BENCH_ORGANIZATIONS, BENCH_REQUESTS_PER_ORGANIZATION), one user per
organisation (bench.requester.<n>@bench.test)."""
import os
import random
import uuid
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.utils import timezone

from requests_app.models import AuthorizationRequest, Organization, User

ORGANIZATIONS = int(os.environ.get("BENCH_ORGANIZATIONS", "10"))
REQUESTS_PER_ORGANIZATION = int(os.environ.get("BENCH_REQUESTS_PER_ORGANIZATION", "2000"))
PASSWORD = "BlueConsent-Bench-2025"
STATUSES = ["pending", "consent_pending", "authorized", "denied", "expired", "revoked"]
FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
LAST = ["Archer", "Brook", "Castillo", "Dunn", "Ellis", "Ford", "Gray", "Hale", "Ives", "Jensen"]


class Command(BaseCommand):
    help = "Seeds the bench rows once (a second run does nothing)."

    def handle(self, *args, **options):
        if AuthorizationRequest.objects.count() >= ORGANIZATIONS * REQUESTS_PER_ORGANIZATION:
            self.stdout.write("already seeded")
            return
        rng = random.Random(18)
        now = timezone.now()
        with transaction.atomic():
            for org_index in range(ORGANIZATIONS):
                organization = Organization.objects.create(name=f"Bench requests ACO {org_index}")
                user = User(
                    username=f"bench.requester.{org_index}@bench.test",
                    email=f"bench.requester.{org_index}@bench.test",
                    first_name="Bench",
                    last_name="Requester",
                    organization=organization,
                )
                user.set_password(PASSWORD)
                user.save()
                rows = []
                for index in range(REQUESTS_PER_ORGANIZATION):
                    name = f"{FIRST[index % 10]} {LAST[index // 10 % 10]} {org_index}-{index}"
                    by_email = rng.random() < 0.6
                    status = rng.choice(STATUSES)
                    created = now - timedelta(minutes=index * 53 + org_index)
                    rows.append(
                        AuthorizationRequest(
                            organization=organization,
                            requester=user,
                            status=status,
                            patient_id=uuid.uuid4(),
                            patient_mrn=f"MRN-{org_index}-{index}" if rng.random() < 0.9 else None,
                            patient_name=name,
                            contact_method="email" if by_email else "phone",
                            contact_value=f"patient.{org_index}.{index}@example.test"
                            if by_email
                            else f"+1555{index:07d}",
                            created_at=created,
                            updated_at=created,
                            expires_at=now + timedelta(days=7),
                            authorized_at=created if status == "authorized" else None,
                        )
                    )
                AuthorizationRequest.objects.bulk_create(rows, batch_size=1000)
        with connection.cursor() as cursor:
            cursor.execute("vacuum analyze")
        self.stdout.write(f"seeded {ORGANIZATIONS} x {REQUESTS_PER_ORGANIZATION} requests")
