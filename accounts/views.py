from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.i18n import set_language as django_set_language

from accounts import two_factor
from accounts.forms import LoginForm, ProfileForm


def _remember_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        max_age=365 * 24 * 3600,
    )


# Django's form views treat PUT as POST; ours answer 405 to anything but GET and POST.
form_methods = require_http_methods(["GET", "POST"])


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        language = self.request.user.preferred_language
        self.request.session["preferred_language"] = language
        _remember_language(response, language)
        return response

    def get_success_url(self) -> str:
        """After the password, the second factor if the person has or needs one."""
        if two_factor.owes_second_factor(self.request):
            return two_factor.step_url(self.request, super().get_success_url())
        return super().get_success_url()


login_view = form_methods(LoginView.as_view())
logout_view = auth_views.LogoutView.as_view()
password_reset = form_methods(
    auth_views.PasswordResetView.as_view(
        template_name="accounts/password_reset_form.html",
        email_template_name="accounts/email/password_reset.txt",
        subject_template_name="accounts/email/password_reset_subject.txt",
        success_url=reverse_lazy("accounts:password_reset_done"),
    )
)
password_reset_done = require_safe(
    auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html")
)
password_reset_confirm = form_methods(
    auth_views.PasswordResetConfirmView.as_view(
        template_name="accounts/password_reset_confirm.html",
        success_url=reverse_lazy("accounts:password_reset_complete"),
    )
)
password_reset_complete = require_safe(
    auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html")
)
password_change = form_methods(
    auth_views.PasswordChangeView.as_view(
        template_name="accounts/password_change_form.html",
        success_url=reverse_lazy("accounts:profile"),
    )
)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            request.session["preferred_language"] = user.preferred_language
            messages.success(request, _("Votre profil a été enregistré."))
            response = redirect("accounts:profile")
            _remember_language(response, user.preferred_language)
            return response
        return render(request, "accounts/profile.html", {"form": form}, status=422)
    return render(request, "accounts/profile.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language, plus: a logged-in user's choice is remembered on the profile."""
    response = django_set_language(request)
    language = request.POST.get("language")
    if language in dict(settings.LANGUAGES):
        request.session["preferred_language"] = language
        if request.user.is_authenticated and request.user.preferred_language != language:
            request.user.preferred_language = language
            request.user.save(update_fields=["preferred_language"])
    return response
