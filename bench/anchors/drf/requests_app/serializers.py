from rest_framework import serializers

from .models import AuthorizationRequest


class AuthorizationRequestSerializer(serializers.ModelSerializer):
    request_id = serializers.UUIDField(source="id")
    health_plan = serializers.SerializerMethodField()
    patient_email = serializers.SerializerMethodField()
    patient_phone = serializers.SerializerMethodField()
    metadata = serializers.SerializerMethodField()
    message = serializers.CharField(source="status_message")
    requester = serializers.SerializerMethodField()

    class Meta:
        model = AuthorizationRequest
        fields = [
            "request_id", "status", "health_plan", "patient_id", "patient_mrn", "patient_email",
            "patient_phone", "patient_name", "metadata", "authorization_type", "contact_method",
            "created_at", "updated_at", "expires_at", "authorized_at", "ended_at", "message", "requester",
            "renewal_of", "identity_review",
        ]

    def get_health_plan(self, row):
        return {"slug": row.health_plan_slug, "name": row.health_plan_name}

    def get_patient_email(self, row):
        return row.contact_value if row.contact_method == "email" else None

    def get_patient_phone(self, row):
        return row.contact_value if row.contact_method == "phone" else None

    def get_metadata(self, row):
        return {"patient_name": row.patient_name}

    def get_requester(self, row):
        user = row.requester
        return {"id": str(user.id), "name": f"{user.first_name} {user.last_name}", "role": user.role}
