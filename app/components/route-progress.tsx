import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** A thin bar across the top while a page loads, shown for at least 300 ms. */
export function RouteProgress() {
  const navigation = useNavigation();
  const [shown, setShown] = useState(false);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (busy) {
      setShown(true);
      return;
    }
    const timer = window.setTimeout(() => setShown(false), 300);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (!shown) return null;
  return <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600 print:hidden" aria-hidden="true" />;
}
