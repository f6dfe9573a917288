import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { useAutomationDetail, useAutomationPreview } from '#web/features/automation/automation-api.ts';
import { MemberDetail } from '#web/features/automation/member-detail.tsx';
import { PreviewDetail } from '#web/features/automation/preview-detail.tsx';

/** /automation/{id}: the full detail for members, the paywall-safe preview for everyone else. */
export function AutomationPage() {
  const { id = '' } = useParams();
  const { user, loading, isSubscribed } = useAuth();
  const navigate = useNavigate();
  const member = !loading && !!user && (isSubscribed || user.role === 'admin');
  const detail = useAutomationDetail(id, member);
  const preview = useAutomationPreview(id, !loading && !member);
  const failed = detail.isError || preview.isError;

  // Not found or a failed load → /dashboard (spec part 2 §2).
  useEffect(() => {
    if (failed) navigate('/dashboard', { replace: true });
  }, [failed, navigate]);

  const loadingView = loading || (member ? detail.isPending : preview.isPending) || failed;
  return (
    <main className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Dashboard
      </Link>
      {loadingView ? (
        <Spinner label="Loading automation details..." className="min-h-[40vh] py-16" />
      ) : member && detail.data ? (
        <MemberDetail a={detail.data} />
      ) : preview.data ? (
        <PreviewDetail p={preview.data} signedIn={!!user} />
      ) : null}
    </main>
  );
}
