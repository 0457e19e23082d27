import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { enhanceScrolling } from "~/behaviours/scrolling";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { LanguageSwitcher } from "~/features/languages/language-switcher";
import { LANGUAGE_NAMES, tk } from "~/features/languages/languages";
import { useLanguage } from "./root-data";
import type { SessionUser } from "~/features/accounts/session.server";

export const NAV_LINKS = [
  { to: "/", label: tk("Home") },
  { to: "/track", label: tk("Track") },
  { to: "/services", label: tk("Services") },
  { to: "/pricing", label: tk("Pricing") },
  { to: "/about", label: tk("About") },
  { to: "/contact", label: tk("Contact") },
  { to: "/faq", label: tk("FAQ") },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium xl:px-3 ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`;
}

/**
 * Sticky header; gains a shadow once the page has scrolled 10 px (with JavaScript:
 * behaviours/scrolling.ts). `chat` is the chat launcher, docked here beside Menu on narrow
 * screens (it floats on wide ones). No backdrop filter: it would make the header the containing
 * block of that floating launcher.
 */
export function SiteHeader({ user, companyName, chat }: { user: SessionUser | null; companyName: string; chat?: ReactNode }) {
  const { t } = useTranslation();
  const header = useBehaviour(enhanceScrolling);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden" data-site-header ref={header}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="truncate">{companyName}</span>
        </Link>
        <nav aria-label={t("Main")} className="hidden lg:block">
          <NavList className="flex items-center gap-1" />
        </nav>
        <div className="hidden items-center gap-2 whitespace-nowrap lg:flex">
          <LanguageMenu />
          {user ? <AccountMenu user={user} /> : <SignInLinks />}
        </div>
        <div className="flex shrink-0 items-center gap-2 lg:contents">
          {chat}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}

function NavList({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} className={navClass}>
            {t(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignInLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login" className="btn-secondary">
        {t("Sign In")}
      </Link>
      <Link to="/register" className="btn-primary">
        {t("Get Started")}
      </Link>
    </>
  );
}

function AccountActions({ user, itemClassName }: { user: SessionUser; itemClassName: string }) {
  const { t } = useTranslation();
  return (
    <>
      {user.role === "courier" ? (
        <Link to="/courier" className={itemClassName}>
          {t("Run sheet")}
        </Link>
      ) : (
        <>
          <Link to={user.role === "admin" ? "/admin/dashboard" : "/dashboard"} className={itemClassName}>
            {t("Dashboard")}
          </Link>
          <Link to="/profile" className={itemClassName}>
            {t("Profile")}
          </Link>
        </>
      )}
      <Form method="post" action="/logout">
        <button type="submit" className={itemClassName}>
          {t("Sign out")}
        </button>
      </Form>
    </>
  );
}

/**
 * A <details> menu opens and closes without JavaScript; with it, the menu closes once a page
 * is chosen from it (a link or the sign-out button), so it never stays open over the next page.
 */
function useClosingMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownFor = useRef(location.key);
  // Only on a move to another page: a menu opened before the page hydrated stays open.
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return {
    ref,
    onClick: (event: MouseEvent<HTMLDetailsElement>) => {
      if ((event.target as Element).closest("a, button[type=submit]") && ref.current) ref.current.open = false;
    },
  };
}

function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const menu = useClosingMenu();
  return (
    <details className="relative" {...menu}>
      <summary className="btn-secondary list-none" aria-label={t("Account menu for {{name}}", { name: user.firstName })}>
        {user.firstName}
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 mt-2 flex w-48 flex-col rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <AccountActions user={user} itemClassName="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100" />
      </div>
    </details>
  );
}

/**
 * The language switcher on wide screens, folded into a <details> menu (opens without
 * JavaScript) that names the page's language, so that longer words leave the row room.
 */
function LanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const menu = useClosingMenu();
  return (
    <details className="relative" {...menu}>
      <summary
        className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t("Language: {{language}}", { language: LANGUAGE_NAMES[language] })}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2 2.2 3 4.7 3 7.5s-1 5.3-3 7.5c-2-2.2-3-4.7-3-7.5s1-5.3 3-7.5z" />
        </svg>
        <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 mt-2 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        <LanguageSwitcher id="header-language" />
      </div>
    </details>
  );
}

/** A <details> menu: opens and closes without JavaScript. */
function MobileMenu({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const menu = useClosingMenu();
  return (
    <details className="group lg:hidden" {...menu}>
      <summary className="btn-secondary list-none" aria-label={t("Menu")}>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
        {t("Menu")}
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
        <nav aria-label={t("Mobile")}>
          <NavList className="flex flex-col gap-1 py-2" />
        </nav>
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
          {user ? <AccountActions user={user} itemClassName="btn-secondary" /> : <SignInLinks />}
        </div>
        <LanguageSwitcher id="menu-language" className="border-t border-slate-200 pt-3 mt-3" />
      </div>
    </details>
  );
}
