from django.urls import path
from rest_framework_simplejwt.views import TokenObtainPairView

from requests_app.views import AuthorizationRequestList

urlpatterns = [
    path("api/jwt/login/", TokenObtainPairView.as_view()),
    path("api/healthplans/requests/", AuthorizationRequestList.as_view()),
]
