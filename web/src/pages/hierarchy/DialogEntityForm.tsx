import { Suspense, use } from 'react';
import { LoadingBlock } from '../../components/LoadingBlock';
import type { EntityFormProps } from './EntityForm';

// A dialog's form is not drawn until the dialog opens, so its code (the form library, the people
// picker) comes then instead of with the page. The module is awaited with `use` rather than
// `lazy`, whose component would lose the form's body type.
let entityFormModule: Promise<typeof import('./EntityForm')> | undefined;
const loadEntityForm = () => (entityFormModule ??= import('./EntityForm'));

function LoadedEntityForm<T, Body>(props: EntityFormProps<T, Body>) {
  const { EntityForm } = use(loadEntityForm());
  return <EntityForm {...props} />;
}

/** The hierarchy form inside a dialog; what it saved is not handed on (the dialog just closes). */
export function DialogEntityForm<T, Body>(props: EntityFormProps<T, Body>) {
  return (
    <Suspense fallback={<LoadingBlock height={160} label="Loading the form" />}>
      <LoadedEntityForm {...props} />
    </Suspense>
  );
}
