import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../components/LoadingBlock';
import type { EntityFormProps } from './EntityForm';

// A dialog's form is not drawn until the dialog opens, so its code (the form library, the people
// picker) comes then instead of with the page.
const EntityForm = lazy(() => import('./EntityForm').then((m) => ({ default: m.EntityForm })));

/** The hierarchy form inside a dialog; what it saved is not handed on (the dialog just closes). */
export function DialogEntityForm(props: EntityFormProps<unknown>) {
  return (
    <Suspense fallback={<LoadingBlock height={160} label="Loading the form" />}>
      <EntityForm {...props} />
    </Suspense>
  );
}
