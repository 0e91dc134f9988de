"""A stand-in for the rows GET /api/healthplans/requests/ lists: plain columns, no encryption."""
import uuid

from django.contrib.auth.models import AbstractUser
from django.db import models


class Organization(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=200)
    organization_type = models.CharField(max_length=20, default="ACO")


class User(AbstractUser):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="users")
    role = models.CharField(max_length=20, default="ACO_USER")


class AuthorizationRequest(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="+")
    requester = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=20)
    authorization_type = models.CharField(max_length=30, default="healthcare_provider")
    health_plan_slug = models.CharField(max_length=50, default="medicare")
    health_plan_name = models.CharField(max_length=100, default="Medicare Blue Button")
    patient_id = models.UUIDField(null=True)
    patient_mrn = models.CharField(max_length=64, null=True)
    patient_name = models.CharField(max_length=100)
    contact_method = models.CharField(max_length=10)
    contact_value = models.CharField(max_length=254)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    expires_at = models.DateTimeField(null=True)
    authorized_at = models.DateTimeField(null=True)
    ended_at = models.DateTimeField(null=True)
    status_message = models.TextField(null=True)
    renewal_of = models.ForeignKey("self", null=True, on_delete=models.SET_NULL, related_name="+")
    identity_review = models.CharField(max_length=20, default="none")

    class Meta:
        indexes = [models.Index(fields=["organization", "-created_at", "-id"], name="requests_org_newest")]
