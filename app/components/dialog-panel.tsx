import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";

/**
 * The open dialog of a DialogLink (dialog-link.tsx), in a module of its own: the dialog's
 * library is loaded when a dialog is first wanted, not with every page that has such a link.
 */
export default function DialogPanel({
  open,
  onOpenChange,
  link,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes back when the dialog closes. */
  link: RefObject<HTMLAnchorElement>;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            link.current?.focus();
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <Dialog.Title className="mb-2 text-lg font-semibold">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mb-4 text-slate-700">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
