import { Input } from "~/components/ui/field";
import { AddButton, EmptyNote, ErrorText, RemoveButton, type TabProps, invalid, metaList } from "./form-kit";

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
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                URL del video {i + 1}
              </label>
              <div className="mt-1 flex items-center gap-2">
                <Input
                  id={id}
                  inputMode="url"
                  placeholder="https://www.youtube.com/watch?v=..."
                  value={video}
                  onChange={(e) => list.replace(i, e.target.value)}
                  {...invalid(id, errors[`meta.videos.${i}`])}
                />
                <RemoveButton label={`Quitar el video ${i + 1}`} onClick={() => list.remove(i)} />
              </div>
              <ErrorText id={id} error={errors[`meta.videos.${i}`]} />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add("")}>Agregar video</AddButton>
    </div>
  );
}
