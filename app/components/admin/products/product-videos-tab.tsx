import { Field, Input } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { AddButton, EmptyNote, RemoveButton, type TabProps, metaList } from "./form-kit";

/** Video addresses (YouTube or Vimeo links are embedded on the product page). */
export function ProductVideosTab({ values, update, errors }: TabProps) {
  const list = metaList({ values, update }, "videos");
  const videos = list.rows;
  return (
    <div className="space-y-4">
      {videos.length === 0 ? <EmptyNote>Este producto no tiene videos.</EmptyNote> : null}
      <ul className="space-y-3">
        {videos.map((video, i) => {
          const id = `video-${i}`;
          return (
            <li key={i}>
              <Field id={id} label={`URL del video ${i + 1}`} error={errors[`meta.videos.${i}`]}>
                <div className="flex items-center gap-2">
                  <Input
                    id={id}
                    inputMode="url"
                    placeholder="https://www.youtube.com/watch?v=..."
                    value={video}
                    onChange={(e) => list.replace(i, e.target.value)}
                    {...fieldAria(id, errors[`meta.videos.${i}`])}
                  />
                  <RemoveButton label={`Quitar el video ${i + 1}`} onClick={() => list.remove(i)} />
                </div>
              </Field>
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add("")}>Agregar video</AddButton>
    </div>
  );
}
