#define RADIO_STREAM_HOST stream.example.org
