// Command live-load puts one live class on a LiveKit server: a host who publishes a video (IVF,
// VP8) and a sound (OGG, Opus) file as camera and microphone, played in a loop, and a number of
// viewers who join together. It reads its plan from standard input (JSON) and writes what it
// measured to standard output (JSON): each viewer's join time (from its connect call until the
// first packet of the host's video reached it), the bitrate each viewer received and the host's
// upstream bitrate over the measured window, and whether every viewer received video. Progress
// and errors go to standard error.
package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	protoLogger "github.com/livekit/protocol/logger"
	lksdk "github.com/livekit/server-sdk-go/v2"
	"github.com/livekit/server-sdk-go/v2/pkg/oggreader"
	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media"
)

type plan struct {
	URL       string  `json:"url"`
	APIKey    string  `json:"apiKey"`
	APISecret string  `json:"apiSecret"`
	Room      string  `json:"room"`
	Viewers   int     `json:"viewers"`
	Seconds   float64 `json:"seconds"`
	Video     string  `json:"video"`
	Audio     string  `json:"audio"`
}

type report struct {
	// Join times of the viewers who received the host's video, in milliseconds.
	JoinMs []float64 `json:"joinMs"`
	// What each viewer received (video and sound, RTP packets) over the window, in kbit/s.
	ViewerKbps []float64 `json:"viewerKbps"`
	// What the host sent over the window, in kbit/s.
	HostUpstreamKbps float64 `json:"hostUpstreamKbps"`
	// How the host's upstream was counted: "transport" (bytes on its publishing connection) or
	// "media" (the bytes of the frames it wrote, without packet headers).
	HostUpstreamFrom string `json:"hostUpstreamFrom"`
	// Every viewer joined and received video during the window.
	ReceivedAll bool `json:"receivedAll"`
	Viewers     int  `json:"viewers"`
	Joined      int  `json:"joined"`
	// Viewers who received video during the window.
	Receiving int `json:"receiving"`
	// The measured window, in milliseconds since the Unix epoch.
	WindowStartMs int64    `json:"windowStartMs"`
	WindowEndMs   int64    `json:"windowEndMs"`
	Errors        []string `json:"errors"`
}

// How long the viewers have to join before the window starts without the late ones.
const joinTimeout = 60 * time.Second

func main() {
	lksdk.SetLogger(protoLogger.GetDiscardLogger())
	out, err := run()
	if err != nil {
		fmt.Fprintf(os.Stderr, "live-load: %v\n", err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintf(os.Stderr, "live-load: %v\n", err)
		os.Exit(1)
	}
}

func readPlan() (plan, error) {
	var p plan
	if err := json.NewDecoder(os.Stdin).Decode(&p); err != nil {
		return p, fmt.Errorf("reading the plan: %w", err)
	}
	switch {
	case p.URL == "" || p.APIKey == "" || p.APISecret == "" || p.Room == "":
		return p, errors.New("the plan needs url, apiKey, apiSecret and room")
	case p.Viewers < 1:
		return p, errors.New("the plan needs at least one viewer")
	case p.Seconds <= 0:
		return p, errors.New("the plan needs a positive number of seconds")
	case p.Video == "" || p.Audio == "":
		return p, errors.New("the plan needs a video (IVF, VP8) and an audio (OGG, Opus) file")
	}
	return p, nil
}

func token(p plan, identity string, publish bool) (string, error) {
	grant := &auth.VideoGrant{RoomJoin: true, Room: p.Room}
	grant.SetCanPublish(publish)
	grant.SetCanPublishData(publish)
	grant.SetCanSubscribe(!publish)
	return auth.NewAccessToken(p.APIKey, p.APISecret).
		SetIdentity(identity).
		SetName(identity).
		SetValidFor(time.Hour).
		SetVideoGrant(grant).
		ToJWT()
}

func run() (*report, error) {
	p, err := readPlan()
	if err != nil {
		return nil, err
	}
	video, err := loadIVF(p.Video)
	if err != nil {
		return nil, err
	}
	audio, err := loadOgg(p.Audio)
	if err != nil {
		return nil, err
	}

	host, err := publish(p, video, audio)
	if err != nil {
		return nil, err
	}
	defer host.room.Disconnect()
	progress("host publishing %d video frames and %d sound packets in a loop", len(video.samples), len(audio.samples))

	viewers := make([]*viewer, p.Viewers)
	var wg sync.WaitGroup
	for i := range viewers {
		viewers[i] = &viewer{joined: make(chan struct{})}
		wg.Add(1)
		go func(v *viewer, identity string) {
			defer wg.Done()
			v.join(p, identity)
		}(viewers[i], fmt.Sprintf("viewer-%d", i+1))
	}
	wg.Wait()
	defer func() {
		for _, v := range viewers {
			if v.room != nil {
				v.room.Disconnect()
			}
		}
	}()
	deadline := time.After(joinTimeout)
	joinedInTime := 0
waiting:
	for _, v := range viewers {
		if v.err != nil {
			continue
		}
		select {
		case <-v.joined:
			joinedInTime++
		case <-deadline:
			break waiting
		}
	}
	progress("%d of %d viewers receive the host's video; measuring for %.0f s", joinedInTime, p.Viewers, p.Seconds)

	hostStart, from := host.sentBytes()
	viewerStart := make([]int64, len(viewers))
	videoStart := make([]int64, len(viewers))
	for i, v := range viewers {
		viewerStart[i], videoStart[i] = v.bytes.Load(), v.videoPackets.Load()
	}
	windowStart := time.Now()
	time.Sleep(time.Duration(p.Seconds * float64(time.Second)))
	window := time.Since(windowStart).Seconds()
	hostEnd, _ := host.sentBytes()

	out := &report{
		JoinMs:           []float64{},
		ViewerKbps:       make([]float64, len(viewers)),
		HostUpstreamKbps: kbps(hostEnd-hostStart, window),
		HostUpstreamFrom: from,
		Viewers:          p.Viewers,
		WindowStartMs:    windowStart.UnixMilli(),
		WindowEndMs:      windowStart.Add(time.Duration(window * float64(time.Second))).UnixMilli(),
		Errors:           []string{},
	}
	for i, v := range viewers {
		out.ViewerKbps[i] = kbps(v.bytes.Load()-viewerStart[i], window)
		if ms, ok := v.joinMs(); ok {
			out.JoinMs = append(out.JoinMs, ms)
			out.Joined++
		}
		if v.err != nil {
			out.Errors = append(out.Errors, fmt.Sprintf("viewer-%d: %v", i+1, v.err))
		}
		if v.videoPackets.Load() > videoStart[i] {
			out.Receiving++
		}
	}
	out.ReceivedAll = out.Joined == p.Viewers && out.Receiving == p.Viewers
	return out, nil
}

func kbps(bytes int64, seconds float64) float64 {
	return float64(bytes) * 8 / seconds / 1000
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "live-load: "+format+"\n", args...)
}

// ---- the host ----

type host struct {
	room         *lksdk.Room
	video, audio *loop
}

func publish(p plan, video, audio *loop) (*host, error) {
	jwt, err := token(p, "host", true)
	if err != nil {
		return nil, err
	}
	room, err := lksdk.ConnectToRoomWithToken(p.URL, jwt, lksdk.NewRoomCallback(), lksdk.WithAutoSubscribe(false))
	if err != nil {
		return nil, fmt.Errorf("the host cannot join: %w", err)
	}
	h := &host{room: room, video: video, audio: audio}
	camera, err := lksdk.NewLocalTrack(
		webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000},
		// The server asks for a key frame for each new viewer: the loop jumps to the next one,
		// as a camera's encoder would make one.
		lksdk.WithRTCPHandler(func(packet rtcp.Packet) {
			switch packet.(type) {
			case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
				video.wantKeyframe.Store(true)
			}
		}),
	)
	if err != nil {
		room.Disconnect()
		return nil, err
	}
	microphone, err := lksdk.NewLocalTrack(webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000})
	if err != nil {
		room.Disconnect()
		return nil, err
	}
	for _, t := range []struct {
		track  *lksdk.LocalTrack
		loop   *loop
		source livekit.TrackSource
	}{{camera, video, livekit.TrackSource_CAMERA}, {microphone, audio, livekit.TrackSource_MICROPHONE}} {
		if err := t.track.StartWrite(t.loop, nil); err != nil {
			room.Disconnect()
			return nil, err
		}
		opts := &lksdk.TrackPublicationOptions{Name: t.source.String(), Source: t.source}
		if t.source == livekit.TrackSource_CAMERA {
			opts.VideoWidth, opts.VideoHeight = video.width, video.height
		}
		if _, err := room.LocalParticipant.PublishTrack(t.track, opts); err != nil {
			room.Disconnect()
			return nil, fmt.Errorf("the host cannot publish its %s: %w", t.source, err)
		}
	}
	started := time.Now()
	for video.bytes.Load() == 0 || audio.bytes.Load() == 0 {
		if time.Since(started) > 20*time.Second {
			room.Disconnect()
			return nil, errors.New("the host's tracks were published but never started sending")
		}
		time.Sleep(20 * time.Millisecond)
	}
	return h, nil
}

// sentBytes is what the host has sent: the bytes on its publishing connection when the WebRTC
// stack counts them, else the bytes of the frames it wrote.
func (h *host) sentBytes() (int64, string) {
	if pc := h.room.LocalParticipant.GetPublisherPeerConnection(); pc != nil {
		var sent uint64
		for _, s := range pc.GetStats() {
			if t, ok := s.(webrtc.TransportStats); ok {
				sent += t.BytesSent
			}
		}
		if sent > 0 {
			return int64(sent), "transport"
		}
	}
	return h.video.bytes.Load() + h.audio.bytes.Load(), "media"
}

// ---- the media, played in a loop ----

// loop is a sample provider that plays its samples over and over, counting the bytes it gives.
type loop struct {
	lksdk.BaseSampleProvider
	samples      []media.Sample
	keyframes    []int
	next         int
	bytes        atomic.Int64
	wantKeyframe atomic.Bool
	width        int
	height       int
}

func (l *loop) NextSample(_ context.Context) (media.Sample, error) {
	if l.wantKeyframe.Swap(false) && len(l.keyframes) > 0 {
		next := l.keyframes[0]
		for _, k := range l.keyframes {
			if k >= l.next {
				next = k
				break
			}
		}
		l.next = next
	}
	s := l.samples[l.next]
	l.next = (l.next + 1) % len(l.samples)
	l.bytes.Add(int64(len(s.Data)))
	return s, nil
}

// loadIVF reads an IVF file of VP8 frames: a 32-byte header (the time base's rate at 16, its
// scale at 20), then frames, each a 12-byte header (size, then timestamp in time-base units).
func loadIVF(path string) (*loop, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(data) < 32 || string(data[:4]) != "DKIF" {
		return nil, fmt.Errorf("%s is not an IVF file", path)
	}
	if string(data[8:11]) != "VP8" {
		return nil, fmt.Errorf("%s holds %q, not VP8", path, data[8:12])
	}
	le := binary.LittleEndian
	rate, scale := le.Uint32(data[16:20]), le.Uint32(data[20:24])
	if rate == 0 || scale == 0 {
		return nil, fmt.Errorf("%s has no time base", path)
	}
	tick := time.Duration(float64(time.Second) * float64(scale) / float64(rate))
	l := &loop{width: int(le.Uint16(data[12:14])), height: int(le.Uint16(data[14:16]))}
	var previous uint64
	for at := int(le.Uint16(data[6:8])); at+12 <= len(data); {
		size, pts := int(le.Uint32(data[at:at+4])), le.Uint64(data[at+4:at+12])
		at += 12
		if at+size > len(data) {
			break // a frame cut short at the end of the file
		}
		frame := data[at : at+size]
		at += size
		if n := len(l.samples); n > 0 {
			l.samples[n-1].Duration = time.Duration(pts-previous) * tick
		}
		previous = pts
		// A VP8 frame's first bit is 0 on a key frame.
		if size > 0 && frame[0]&1 == 0 {
			l.keyframes = append(l.keyframes, len(l.samples))
		}
		l.samples = append(l.samples, media.Sample{Data: frame})
	}
	if len(l.samples) < 2 || len(l.keyframes) == 0 || l.keyframes[0] != 0 {
		return nil, fmt.Errorf("%s: needs at least two frames, the first a key frame", path)
	}
	// The last frame lasts as long as the one before it; the loop then starts on a key frame.
	last := len(l.samples) - 1
	l.samples[last].Duration = l.samples[last-1].Duration
	return l, nil
}

func loadOgg(path string) (*loop, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	reader, _, err := oggreader.NewOggReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l := &loop{}
	for {
		packet, err := reader.ReadPacket()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) && len(l.samples) > 0 {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(packet) == 0 || len(packet) >= 8 && (string(packet[:8]) == "OpusHead" || string(packet[:8]) == "OpusTags") {
			continue
		}
		duration, err := oggreader.ParsePacketDuration(packet)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		l.samples = append(l.samples, media.Sample{Data: packet, Duration: duration})
	}
	if len(l.samples) == 0 {
		return nil, fmt.Errorf("%s holds no Opus packets", path)
	}
	return l, nil
}

// ---- the viewers ----

type viewer struct {
	room         *lksdk.Room
	err          error
	started      time.Time
	firstVideo   atomic.Int64 // nanoseconds from started, 0 until the first packet
	joined       chan struct{}
	once         sync.Once
	bytes        atomic.Int64
	videoPackets atomic.Int64
}

func (v *viewer) joinMs() (float64, bool) {
	ns := v.firstVideo.Load()
	return float64(ns) / 1e6, ns > 0
}

func (v *viewer) join(p plan, identity string) {
	jwt, err := token(p, identity, false)
	if err != nil {
		v.err = err
		return
	}
	callback := lksdk.NewRoomCallback()
	callback.OnTrackSubscribed = func(track *webrtc.TrackRemote, _ *lksdk.RemoteTrackPublication, _ *lksdk.RemoteParticipant) {
		go v.receive(track)
	}
	v.started = time.Now()
	room, err := lksdk.ConnectToRoomWithToken(p.URL, jwt, callback)
	if err != nil {
		v.err = err
		return
	}
	v.room = room
}

// receive reads a track's packets until it ends, counting them; the first video packet is the join.
func (v *viewer) receive(track *webrtc.TrackRemote) {
	isVideo := track.Kind() == webrtc.RTPCodecTypeVideo
	buf := make([]byte, 1600)
	for {
		n, _, err := track.Read(buf)
		if err != nil {
			return
		}
		v.bytes.Add(int64(n))
		if isVideo {
			if v.videoPackets.Add(1) == 1 {
				v.firstVideo.Store(max(int64(time.Since(v.started)), 1))
				v.once.Do(func() { close(v.joined) })
			}
		}
	}
}
