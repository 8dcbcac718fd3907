/// <reference types="google.maps" />
'use client';

import { APIProvider, Map, Marker, useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import { useEffect } from 'react';
import usePlacesAutocomplete, { getGeocode, getLatLng } from 'use-places-autocomplete';
import { fromGooglePlace, type GoogleGeocode } from '@/lib/geo/google-place';
import { DEFAULT_MAP_CENTER } from '@/lib/geo/types';
import { AddressCombobox } from './address-combobox';
import { passThrough, toOption, useAddressChoice, type AddressFieldProps } from './use-address-choice';

/** The address field with Google Places suggestions and a map (loaded only when a Maps key is set). */
export default function GoogleAddressField({ apiKey, ...props }: AddressFieldProps & { apiKey: string }) {
  return (
    <APIProvider apiKey={apiKey} libraries={['places']}>
      <PlacesField {...props} />
    </APIProvider>
  );
}

function PlacesField(props: AddressFieldProps) {
  const { value } = props;
  const places = useMapsLibrary('places');
  const choice = useAddressChoice(props);
  const {
    init,
    ready,
    value: text,
    setValue,
    suggestions: { data, loading },
    clearSuggestions,
  } = usePlacesAutocomplete({ initOnMount: false, debounce: 300, defaultValue: value?.description ?? '' });

  useEffect(() => {
    if (places) init();
  }, [places, init]);

  useEffect(() => {
    if (value) setValue(value.description, false);
  }, [value, setValue]);

  const options = data.map((p) => toOption({ description: p.description, terms: p.terms.map((t) => t.value) }, p.place_id));

  const pick = async (id: string) => {
    const prediction = data.find((p) => p.place_id === id);
    if (!prediction) return;
    const terms = prediction.terms.map((t) => t.value);
    setValue(prediction.description, false);
    clearSuggestions();
    if (!choice.precheck({ description: prediction.description, terms, country: terms[terms.length - 1] })) return;
    try {
      const [result] = await getGeocode({ placeId: id });
      choice.accept(fromGooglePlace(result as unknown as GoogleGeocode, getLatLng(result), prediction.description));
    } catch (error) {
      console.error('Geocoding the chosen place failed', error);
      choice.accept(null);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <AddressCombobox
        {...passThrough(props)}
        text={text}
        onTextChange={(t) => {
          setValue(t);
          choice.edited();
        }}
        options={options}
        loading={loading}
        onPick={(o) => void pick(o.id)}
        chosen={!!value && value.description === text}
        onClear={() => {
          setValue('', false);
          clearSuggestions();
          choice.edited();
        }}
        error={choice.pickError ?? props.error}
        disabled={props.disabled || !ready}
      />
      {props.showMap && (
        <div className="h-52 overflow-hidden rounded-xl border border-slate-200">
          <Map defaultCenter={DEFAULT_MAP_CENTER} defaultZoom={value ? 12 : 3} gestureHandling="cooperative" disableDefaultUI>
            {value && <Marker position={value.coordinates} />}
            <PanTo position={value?.coordinates} />
          </Map>
        </div>
      )}
    </div>
  );
}

function PanTo({ position }: { position?: { lat: number; lng: number } }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    map.panTo(position ?? DEFAULT_MAP_CENTER);
    map.setZoom(position ? 12 : 3);
  }, [map, position]);
  return null;
}
