import { LanguageSwitcher } from "~/features/languages/language-switcher";
import { Form, Link, useLocation } from "@remix-run/react";
import { MAX_LENGTH } from "~/domain/field-limits";
import { Honeypot } from "./honeypot";
import { WrapPoints } from "~/components/wrap-points";

type Site = { companyName: string; supportEmail: string; supportPhone: string; supportAddress: string };

const SERVICE_LINKS = [
  { to: "/services#express", label: "Express Delivery" },
  { to: "/services#standard", label: "Standard Shipping" },
  { to: "/services#international", label: "International" },
  { to: "/services#same-day", label: "Same Day" },
  { to: "/services#freight", label: "Freight" },
  { to: "/services#logistics", label: "Logistics" },
];

const HELP_LINKS = [
  { to: "/track", label: "Track a Package" },
  { to: "/faq#shipping", label: "Shipping FAQ" },
  { to: "/faq#returns", label: "Returns" },
  { to: "/faq#claims", label: "Claims" },
  { to: "/contact", label: "Contact Us" },
  { to: "/about", label: "About Us" },
];

const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/cookies", label: "Cookie Policy" },
  { to: "/shipping-terms", label: "Shipping Terms" },
  { to: "/refund-policy", label: "Refund Policy" },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-slate-300 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ site }: { site: Site }) {
  const location = useLocation();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{site.companyName}</p>
          <p className="text-sm">Fast, reliable parcel delivery to more than 220 countries, tracked every step of the way.</p>
          <p className="text-sm font-semibold text-white">24/7 Customer Support</p>
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
        <LinkColumn title="Services" links={SERVICE_LINKS} />
        <LinkColumn title="Help" links={HELP_LINKS} />
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Newsletter</h2>
          <p className="mb-3 text-sm">Shipping tips and service news, about once a month.</p>
          <Form method="post" action="/newsletter" className="space-y-2">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Honeypot />
            <label htmlFor="newsletter-email" className="block text-sm font-medium text-white">
              Email address
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
                Subscribe
              </button>
            </div>
          </Form>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {site.companyName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher id="footer-language" />
          <a href="#top" className="hover:text-white hover:underline">
            Back to top
          </a>
        </div>
      </div>
    </footer>
  );
}
