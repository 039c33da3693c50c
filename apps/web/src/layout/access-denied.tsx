import { ShieldAlert } from 'lucide-react';
import { Card, EmptyState } from '@/components/ui';

export function AccessDenied({ title = 'Access Denied', message }: { title?: string; message?: string }) {
  return (
    <Card role="alert">
      <EmptyState icon={<ShieldAlert aria-hidden className="h-6 w-6 text-danger-600" />} title={title} description={message} />
    </Card>
  );
}
