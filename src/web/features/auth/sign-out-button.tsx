import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from './auth-context.tsx';

/** Signs out and goes to the sign-in page (the dashboard's and the operator console's top bars). */
export function SignOutButton({ children }: { children: ReactNode }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        await signOut();
        navigate('/auth');
      }}
    >
      {children}
    </Button>
  );
}
