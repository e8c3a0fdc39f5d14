import { Input } from "~/components/ui/field";
import {
  AddButton,
  EmptyNote,
  ErrorText,
  RemoveButton,
  type TabProps,
  invalid,
  removeAt,
  replaceAt,
  setMeta,
} from "./form-kit";

/** Video addresses (YouTube or Vimeo links are embedded on the product page). */
export function ProductVideosTab({ values, update, errors }: TabProps) {
  const videos = values.meta.videos;
  const setVideos = (next: string[]) => update(setMeta("videos", next));
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
                  onChange={(e) => setVideos(replaceAt(videos, i, e.target.value))}
                  {...invalid(id, errors[`meta.videos.${i}`])}
                />
                <RemoveButton label={`Quitar el video ${i + 1}`} onClick={() => setVideos(removeAt(videos, i))} />
              </div>
              <ErrorText id={id} error={errors[`meta.videos.${i}`]} />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => setVideos([...videos, ""])}>Agregar video</AddButton>
    </div>
  );
}
