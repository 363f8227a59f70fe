import './spinner.css';

/**
 * The app's loading state: MUI's indeterminate CircularProgress (40 px, primary purple), drawn with
 * an SVG and two CSS animations of its own. It shows before sign-in and while a page's code
 * downloads, so it must not need MUI and emotion, which the sign-in page does not load.
 */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="dvp-spinner-page">
      <span className="dvp-spinner" role="progressbar" aria-label={label}>
        <svg viewBox="22 22 44 44">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}
