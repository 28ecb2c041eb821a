/** The second step of a destructive action: its confirming button, in the danger style, beside Cancel. */
export function ConfirmGroup(props: { label: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <span role="group" aria-label={props.label}>
      <button type="button" class="danger" onClick={props.onConfirm}>
        {props.confirm}
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </span>
  );
}
