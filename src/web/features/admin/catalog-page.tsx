import { AdminGate, AdminShell } from './admin-gate.tsx';
import { ImportHistory, UploadSection } from './catalog-imports.tsx';
import { ItemsSection } from './catalog-items.tsx';
import { VerificationPanel } from './verification-panel.tsx';

export function CatalogAdminPage() {
  return (
    <AdminGate>
      <AdminShell title="Catalogue">
        <UploadSection />
        <ImportHistory />
        <VerificationPanel />
        <ItemsSection />
      </AdminShell>
    </AdminGate>
  );
}
