import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A link to a page that holds a form; with JavaScript the same form opens in a dialog
 * instead. The dialog closes once the form's submission has finished.
 */
export function DialogLink({
  to,
  action,
  title,
  description,
  className,
  children,
  content,
}: {
  to: string;
  /** The path the dialog's form posts to: when a submission to it completes, the dialog closes. */
  action: string;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
  content: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const navigation = useNavigation();
  const submitted = useRef(false);

  useEffect(() => {
    if (!open) return;
    if (navigation.state === "submitting" && navigation.formAction === action) submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      setOpen(false);
    }
  }, [navigation.state, navigation.formAction, action, open]);

  return (
    <>
      <Link
        ref={link}
        to={to}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      <Dialog.Root open={open} onOpenChange={setOpen}>
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
            {content(() => setOpen(false))}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
