import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { useAutomationDetail } from '#web/features/automation/automation-api.ts';
import { MemberDetail } from '#web/features/automation/member-detail.tsx';

/** The path this document was loaded at: the server's answer for it was the app. */
const DOCUMENT_PATH = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * /automation/{id}: the full detail for members. Everyone else gets the server's page for the same URL
 * (the paywall-safe template page, src/server/site/catalogue): reached in place, it is loaded as a
 * document, unless this document already is the server's answer for it.
 */
export function AutomationPage() {
  const { id = '' } = useParams();
  const { user, loading, isSubscribed } = useAuth();
  const navigate = useNavigate();
  const member = !loading && !!user && (isSubscribed || user.role === 'admin');
  const detail = useAutomationDetail(id, member);
  const path = `/automation/${encodeURIComponent(id)}`;
  const serverPage = !loading && !member && DOCUMENT_PATH !== path;

  useEffect(() => {
    if (serverPage) window.location.replace(path);
  }, [serverPage, path]);

  // Not found, a failed load or no access → /dashboard (spec part 2 §2).
  const failed = detail.isError || (!loading && !member && !serverPage);
  useEffect(() => {
    if (failed) navigate('/dashboard', { replace: true });
  }, [failed, navigate]);

  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <TextLink to="/dashboard" icon={ArrowLeft} tone="muted" className="text-sm">
        Back to Dashboard
      </TextLink>
      {member && detail.data ? (
        <MemberDetail a={detail.data} />
      ) : (
        <Spinner label="Loading automation details..." className="min-h-[40vh] py-16" />
      )}
    </main>
  );
}
