import { Toaster } from 'sonner';

/** Where toasts appear (sonner's `toast()` shows them): one place, the same look in the app and the site. */
export function Toasts() {
  return (
    <Toaster
      position="bottom-right"
      closeButton
      theme="system"
      duration={5000}
      containerAriaLabel="Notifications"
    />
  );
}
