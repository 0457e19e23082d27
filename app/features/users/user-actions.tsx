// Deleting a user: a page of its own without JavaScript, the same form in a dialog with it.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { tk } from "~/features/languages/languages";
import { DialogLink } from "~/components/dialog-link";

export function deleteUserAction(userId: string): string {
  return `/admin/users/${encodeURIComponent(userId)}/delete`;
}

type Account = { id: string; email: string; firstName: string; lastName: string };

export const DELETE_USER_QUESTION = tk("Are you sure you want to delete this user?");

/** What deleting does, said on the page and in the dialog alike. */
export function DeleteUserConsequences({ account }: { account: Account }) {
  const { t } = useTranslation("users");
  return (
    <p className="text-slate-700">
      {t(
        "{{firstName}} {{lastName}} ({{email}}) can no longer sign in. Their shipments stay for the company's records with their name, e-mail, phone and address removed; their sessions, draft and newsletter subscription are deleted. This cannot be undone.",
        { firstName: account.firstName, lastName: account.lastName, email: account.email },
      )}
    </p>
  );
}

export function DeleteUserForm({ account, onCancel }: { account: Account; onCancel?: () => void }) {
  const action = deleteUserAction(account.id);
  const back = `/admin/users/${encodeURIComponent(account.id)}`;
  const { t } = useTranslation("users");
  return (
    <Form method="post" action={action} className="flex justify-end gap-2">
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("Cancel")}
        </button>
      ) : (
        <Link to={back} className="btn-secondary">
          {t("Cancel")}
        </Link>
      )}
      <button type="submit" className="btn-danger" data-pending={t("Deleting...")}>
        {t("Delete user")}
      </button>
    </Form>
  );
}

/** The link to the delete page; with JavaScript it opens the same form in a dialog. */
export function DeleteUserLink({ account, className, label }: { account: Account; className: string; label: string }) {
  const { t } = useTranslation("users");
  return (
    <DialogLink
      to={deleteUserAction(account.id)}
      action={deleteUserAction(account.id)}
      title={t("Delete {{firstName}} {{lastName}}", { firstName: account.firstName, lastName: account.lastName })}
      description={t(DELETE_USER_QUESTION)}
      className={className}
      content={(close) => (
        <div className="space-y-4">
          <DeleteUserConsequences account={account} />
          <DeleteUserForm account={account} onCancel={close} />
        </div>
      )}
    >
      {label}
    </DialogLink>
  );
}
