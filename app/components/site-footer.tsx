import { LanguageSwitcher } from "~/features/languages/language-switcher";
import { tk } from "~/features/languages/languages";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "@remix-run/react";
import { MAX_LENGTH } from "~/domain/field-limits";
import { Honeypot } from "./honeypot";
import { WrapPoints } from "~/components/wrap-points";

type Site = { companyName: string; supportEmail: string; supportPhone: string; supportAddress: string };

const SERVICE_LINKS = [
  { to: "/services#express", label: tk("Express Delivery") },
  { to: "/services#standard", label: tk("Standard Shipping") },
  { to: "/services#international", label: tk("International") },
  { to: "/services#same-day", label: tk("Same Day") },
  { to: "/services#freight", label: tk("Freight") },
  { to: "/services#logistics", label: tk("Logistics") },
];

const HELP_LINKS = [
  { to: "/track", label: tk("Track a Package") },
  { to: "/faq#shipping", label: tk("Shipping FAQ") },
  { to: "/faq#returns", label: tk("Returns") },
  { to: "/faq#claims", label: tk("Claims") },
  { to: "/contact", label: tk("Contact Us") },
  { to: "/about", label: tk("About Us") },
];

const LEGAL_LINKS = [
  { to: "/privacy", label: tk("Privacy Policy") },
  { to: "/terms", label: tk("Terms of Service") },
  { to: "/cookies", label: tk("Cookie Policy") },
  { to: "/shipping-terms", label: tk("Shipping Terms") },
  { to: "/refund-policy", label: tk("Refund Policy") },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-slate-300 hover:text-white hover:underline">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ site }: { site: Site }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{site.companyName}</p>
          <p className="text-sm">{t("Fast, reliable parcel delivery to more than 220 countries, tracked every step of the way.")}</p>
          <p className="text-sm font-semibold text-white">{t("24/7 Customer Support")}</p>
          <ul className="space-y-1 text-sm">
            <li>
              <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, "")}`} className="hover:text-white hover:underline">
                {site.supportPhone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.supportEmail}`} className="break-words hover:text-white hover:underline">
                <WrapPoints text={site.supportEmail} />
              </a>
            </li>
            <li>{site.supportAddress}</li>
          </ul>
        </div>
        <LinkColumn title={t("Services")} links={SERVICE_LINKS} />
        <LinkColumn title={t("Help")} links={HELP_LINKS} />
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{t("Newsletter")}</h2>
          <p className="mb-3 text-sm">{t("Shipping tips and service news, about once a month.")}</p>
          <Form method="post" action="/newsletter" className="space-y-2">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Honeypot />
            <label htmlFor="newsletter-email" className="block text-sm font-medium text-white">
              {t("Email address")}
            </label>
            <div className="flex gap-2">
              <input
                id="newsletter-email"
                name="email"
                type="email"
                required
                maxLength={MAX_LENGTH.email}
                autoComplete="email"
                className="input min-w-0 flex-1"
              />
              <button type="submit" className="btn-primary">
                {t("Subscribe")}
              </button>
            </div>
          </Form>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            {t("© {{year}} {{company}}. All rights reserved.", { year: new Date().getFullYear(), company: site.companyName })}
          </p>
          <nav aria-label={t("Legal")}>
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher id="footer-language" />
          <a href="#top" className="hover:text-white hover:underline">
            {t("Back to top")}
          </a>
        </div>
      </div>
    </footer>
  );
}
