import { Link, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";

// The dialog itself (and its library) loads once a dialog is wanted: on the first pointer or
// focus on such a link, or at the latest on the click.
const loadPanel = () => import("./dialog-panel");
const DialogPanel = lazy(loadPanel);

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
  // Rendered from the first opening on, so that closing it plays out and focus goes back to the link.
  const [wanted, setWanted] = useState(false);
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
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {wanted ? (
        <Suspense fallback={null}>
          <DialogPanel open={open} onOpenChange={setOpen} link={link} title={title} description={description}>
            {content(() => setOpen(false))}
          </DialogPanel>
        </Suspense>
      ) : null}
    </>
  );
}
