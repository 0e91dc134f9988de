from django.apps import AppConfig


class RequestsAppConfig(AppConfig):
    name = "requests_app"
    default_auto_field = "django.db.models.BigAutoField"
