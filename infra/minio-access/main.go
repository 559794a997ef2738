// Command minio-access gives each LiveEdu service its own MinIO user, limited by a policy to
// that service's buckets. It reads the plan from standard input (JSON, generated from the
// platform registry by packages/local-servers) and applies it with the root credentials from
// MINIO_ROOT_USER and MINIO_ROOT_PASSWORD; applying the same plan again changes nothing.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/minio/madmin-go/v3"
)

type account struct {
	AccessKey string          `json:"accessKey"`
	SecretKey string          `json:"secretKey"`
	Policy    string          `json:"policy"`
	Document  json.RawMessage `json:"document"`
}

type plan struct {
	Endpoint string    `json:"endpoint"`
	Secure   bool      `json:"secure"`
	Accounts []account `json:"accounts"`
}

func main() {
	if err := apply(); err != nil {
		fmt.Fprintf(os.Stderr, "minio-access: %v\n", err)
		os.Exit(1)
	}
}

func apply() error {
	var p plan
	if err := json.NewDecoder(os.Stdin).Decode(&p); err != nil {
		return fmt.Errorf("reading the plan: %w", err)
	}
	root, password := os.Getenv("MINIO_ROOT_USER"), os.Getenv("MINIO_ROOT_PASSWORD")
	if root == "" || password == "" {
		return fmt.Errorf("MINIO_ROOT_USER and MINIO_ROOT_PASSWORD must be set")
	}
	admin, err := madmin.New(p.Endpoint, root, password, p.Secure)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for _, a := range p.Accounts {
		if err := admin.AddCannedPolicy(ctx, a.Policy, a.Document); err != nil {
			return fmt.Errorf("policy %s: %w", a.Policy, err)
		}
		if err := admin.AddUser(ctx, a.AccessKey, a.SecretKey); err != nil {
			return fmt.Errorf("user %s: %w", a.AccessKey, err)
		}
		if err := admin.SetPolicy(ctx, a.Policy, a.AccessKey, false); err != nil {
			return fmt.Errorf("attaching %s to %s: %w", a.Policy, a.AccessKey, err)
		}
	}
	return nil
}
