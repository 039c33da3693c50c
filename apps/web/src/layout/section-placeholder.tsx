import { Construction } from 'lucide-react';
import { Card, EmptyState } from '@/components/ui';

/** An honest empty state for a dashboard section whose screen is not built yet. No sample data. */
export function SectionPlaceholder({ name }: { name: string }) {
  return (
    <Card>
      <EmptyState
        icon={<Construction aria-hidden className="h-6 w-6" />}
        title="This section is being built"
        headingLevel={2}
        description={`${name} will appear here with your real data as soon as this screen is ready.`}
      />
    </Card>
  );
}
