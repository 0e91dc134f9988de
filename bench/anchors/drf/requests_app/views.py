from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination

from .models import AuthorizationRequest
from .serializers import AuthorizationRequestSerializer


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100


class AuthorizationRequestList(ListAPIView):
    """The caller's organisation's requests, newest first (JWT and IsAuthenticated from settings)."""

    serializer_class = AuthorizationRequestSerializer
    pagination_class = Pages

    def get_queryset(self):
        return (
            AuthorizationRequest.objects.filter(organization_id=self.request.user.organization_id)
            .select_related("requester")
            .order_by("-created_at", "-id")
        )
